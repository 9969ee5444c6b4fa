workspace "Resilient orders" "Orders API and Lambda in one region, workers in two zones, a self-run Kafka log, and what it guarantees." {
    model {
        system = softwareSystem "Resilient orders" {
            n_api = container "api" "api" "Amazon API Gateway (HTTP API)" "api-gateway,aws"
            n_orders_fn = container "orders-fn" "orders-fn" "AWS Lambda" "function,aws"
            n_orders_db = container "orders-db" "orders-db" "Amazon DynamoDB" "nosql-database,aws,Datastore"
            n_order_log = container "order-log" "order-log" "Apache Kafka" "stream,Pipe"
            n_worker_a = container "worker-a" "worker-a" "Generic service" "service"
            n_worker_b = container "worker-b" "worker-b" "Generic service" "service"
            n_shipments = container "shipments" "shipments" "Amazon DynamoDB" "nosql-database,aws,Datastore"
        }
        n_api -> n_orders_fn "POST /orders" "https" "request"
        n_orders_fn -> n_orders_db "" "" "data"
        n_orders_fn -> n_order_log "OrderPlaced" "" "event"
        n_order_log -> n_worker_a "" "" "event"
        n_order_log -> n_worker_b "" "" "event"
        n_worker_a -> n_shipments "" "" "data"
        n_worker_b -> n_shipments "" "" "data"
        deploymentEnvironment "Design" {
            g_eu = deploymentNode "Europe (Ireland)" "" "region" {
                g_eu_a = deploymentNode "eu-a" "" "zone" {
                    containerInstance n_worker_a
                }
                g_eu_b = deploymentNode "eu-b" "" "zone" {
                    containerInstance n_worker_b
                }
                containerInstance n_api
                containerInstance n_orders_fn
                containerInstance n_orders_db
                containerInstance n_order_log
                containerInstance n_shipments
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
