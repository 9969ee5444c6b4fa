workspace "Two-zone web app" "" {
    model {
        system = softwareSystem "Two-zone web app" {
            n_cdn = container "cdn" "cdn" "Amazon CloudFront" "cdn,aws"
            n_alb = container "alb" "alb" "Application Load Balancer" "load-balancer,aws"
            n_app_a = container "app-a" "app-a" "Amazon Elastic Container Service" "container-platform,aws"
            n_app_b = container "app-b" "app-b" "Amazon Elastic Container Service" "container-platform,aws"
            n_db = container "db" "db" "Amazon RDS for PostgreSQL" "relational-database,aws,Datastore"
        }
        n_cdn -> n_alb "https" "https" "request"
        n_alb -> n_app_a "http" "http" "request"
        n_alb -> n_app_b "http" "http" "request"
        n_app_a -> n_db "" "" "data"
        n_app_b -> n_db "" "" "data"
        deploymentEnvironment "Design" {
            g_eu = deploymentNode "Europe (Ireland)" "" "region" {
                g_az_a = deploymentNode "az-a" "" "zone" {
                    containerInstance n_app_a
                }
                g_az_b = deploymentNode "az-b" "" "zone" {
                    containerInstance n_app_b
                }
                containerInstance n_alb
                containerInstance n_db
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_cdn
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
