workspace "Path-routed services" "" {
    model {
        system = softwareSystem "Path-routed services" {
            n_alb = container "alb" "alb" "Application Load Balancer" "load-balancer,aws"
            n_orders = container "orders" "orders" "Amazon Elastic Container Service" "container-platform,aws"
            n_users = container "users" "users" "Amazon Elastic Container Service" "container-platform,aws"
            n_orders_db = container "orders-db" "orders-db" "Amazon DynamoDB" "nosql-database,aws,Datastore"
            n_users_db = container "users-db" "users-db" "Amazon DynamoDB" "nosql-database,aws,Datastore"
        }
        n_alb -> n_orders "/orders" "http" "request"
        n_alb -> n_users "/users" "http" "request"
        n_orders -> n_orders_db "" "" "data"
        n_users -> n_users_db "" "" "data"
        deploymentEnvironment "Design" {
            g_eu = deploymentNode "Europe (Frankfurt)" "" "region" {
                g_az_a = deploymentNode "az-a" "" "zone" {
                    containerInstance n_orders
                }
                g_az_b = deploymentNode "az-b" "" "zone" {
                    containerInstance n_users
                }
                containerInstance n_alb
                containerInstance n_orders_db
                containerInstance n_users_db
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
